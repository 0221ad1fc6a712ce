"""The codes of the wire's own refusals (``error.code``, or ``reply.code`` for a say), each
with what it means: ``/protocol.json``'s ``error_codes`` (:func:`.protocol.protocol_schema`).
Game and room refusals are design.md section 4's and docs/engine-api.md's."""

from __future__ import annotations

WIRE_ERRORS: dict[str, str] = {
    "bad_json": "the frame is not JSON",
    "bad_message": "JSON, but not one of the messages (a field missing or of the wrong type, a "
                   "type that is not a string, nested deeper than 8)",
    "unknown_type": "a type that is not hello, say, activity, lang, resync or ping",
    "bad_text": "text that is not valid Unicode (a lone surrogate), or a typed line with a "
                "control, line-break or bidi-override character (the reply names it)",
    "too_long": "a typed line longer than the limit",
    "too_big": "a frame larger than the limit (then closed with 1009)",
    "rate_limited": "over the rate (a say is refused on its own; a flood closes with 1008)",
    "hello_required": "a say, lang, resync or activity before hello",
    "hello_timeout": "no hello in time (then closed with 1008)",
    "already_hello": "a second hello",
    "bad_name": "a name that is not a PRECIS nickname (RFC 8266), shows no letter or digit, "
                "holds a character that draws nothing, is too long, starts with / or (a "
                "person's) ends in (bot)",
    "name_taken": "a name the room uses already, or one that looks the same (UTS #39 skeleton)",
    "bad_token": "a token that holds no seat in this room",
    "unknown_topic": "/help for a topic there is none of (the message names the topics)",
    "too_many_rooms": "this server holds as many live rooms as it may (then closed with 1013)",
    "room_crowded": "the room has as many connections as it may (then closed with 1013); "
                    "a valid seat token gets in past it",
    "too_many_own_rooms": "this address holds max_rooms_per_address live rooms it made (then "
                          "closed with 1013)",
    "too_many_new_rooms": "this address made as many new rooms as it may for now (then closed "
                          "with 1013)",
    "server_crowded": "the server nearly has as many connections as it may: its last tenth "
                      "is kept for seat tokens (then closed with 1013)",
    "room_damaged": "the room's stored game failed its check on load: never played (then "
                    "closed with 1013); /api/rooms lists it with damaged: true",
    "try_again": "several processes (docs/cluster.md): this process cannot reach its database, "
                 "or the room is served by another process and no relay is set up (then "
                 "closed with 1013)",
    "room_moved": "several processes: the room moved to another process (taken over while "
                  "this one was paused or cut off past its lease; then closed with 1013: "
                  "reconnecting reaches the new owner)",
    "server_rejoined": "several processes: the process holding this connection was paused or "
                       "cut off past its lease and took a new one; a connection it relayed "
                       "to a room's owner is closed with 1013 (reconnecting gets it back)",
    "relay_unavailable": "several processes: this process cannot reach the room's owner "
                         "(Redis gone, or the owner does not answer; then closed with 1013)",
    "bad_room_name": "a new room's name holding a character that shows nothing or ending in - "
                     "or _ (then closed with 1008); rooms stored before keep theirs",
    "room_lookalike": "a new room's name that looks like a room here (case, width, look-alike "
                      "letters; the message names it; then closed with 1008)",
}

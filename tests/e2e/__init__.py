"""Browser tests (real Chromium); run with -m browser."""

# mixload: the chromium-style mixed load.

"""The districts variant by text: its commands (parse, resolve) and its wording (templates)."""

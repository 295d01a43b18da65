"""Secret Hitler played by SMS."""

__version__ = "0.1.0"

"""Fixtures for the bot job tests: people and bots at a table on each database, a fake clock."""

from __future__ import annotations

import pytest
from bot_phones import Phones, settings_for


@pytest.fixture
def phones(db_engine, database_url) -> Phones:
    """People texting the service on the test database, at the service defaults."""
    return Phones(db_engine, settings_for(database_url))

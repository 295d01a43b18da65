"""Fixtures for the reminder tests: a table of phones on each database, with a fake clock."""

from __future__ import annotations

import pytest
from reminder_table import Table, settings_for


@pytest.fixture
def table(db_engine, database_url) -> Table:
    """Players texting the service on the test database; reminders at the defaults of SMS.md."""
    return Table(db_engine, settings_for(database_url))

"""The Alembic migrations build exactly the tables of `sh_sms.store`, on both backends."""

from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import inspect
from sqlmodel import SQLModel

from sh_sms.cli import main as cli
from sh_sms.store import make_engine
from sh_sms.store.migrate import alembic_config, upgrade


def schema_diffs(engine) -> list:
    """What autogenerate would still change to reach the models (empty when they match)."""
    with engine.connect() as conn:
        opts = {"compare_type": True, "compare_server_default": True}
        return compare_metadata(MigrationContext.configure(conn, opts=opts), SQLModel.metadata)


def current_revision(engine) -> str | None:
    """The revision recorded in the database's `alembic_version` table."""
    with engine.connect() as conn:
        return MigrationContext.configure(conn).get_current_revision()


def test_migrations_build_exactly_the_models_schema(db_engine):
    assert schema_diffs(db_engine) == []


def test_upgrade_is_idempotent(database_url, db_engine):
    head = ScriptDirectory.from_config(alembic_config(database_url)).get_current_head()
    assert current_revision(db_engine) == head
    upgrade(database_url)
    upgrade(database_url)
    assert current_revision(db_engine) == head
    assert schema_diffs(db_engine) == []


def test_downgrade_to_base_then_upgrade_again(database_url, db_engine):
    command.downgrade(alembic_config(database_url), "base")
    assert inspect(db_engine).get_table_names() == ["alembic_version"]
    upgrade(database_url)
    assert schema_diffs(db_engine) == []


def test_migrate_command_on_a_fresh_sqlite_file_twice(tmp_path, monkeypatch):
    url = f"sqlite:///{tmp_path / 'fresh.db'}"
    monkeypatch.setenv("DATABASE_URL", url)
    assert cli(["migrate"]) == 0
    assert cli(["migrate"]) == 0
    engine = make_engine(url)
    try:
        assert schema_diffs(engine) == []
    finally:
        engine.dispose()

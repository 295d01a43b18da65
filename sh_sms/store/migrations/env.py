"""Alembic environment: the tables of `sh_sms.store`, on the URL the caller gives."""

from logging.config import fileConfig

from alembic import context
from sqlalchemy import DateTime, String, create_engine, pool
from sqlmodel import SQLModel
from sqlmodel.sql.sqltypes import AutoString, UTCDateTime

import sh_sms.store  # noqa: F401  (its modules define the tables on SQLModel.metadata)
from sh_sms.config import Settings, database_url

config = context.config
# `sh_sms.store.migrate` turns this off so that running migrations leaves the caller's logging be.
if config.config_file_name is not None and config.attributes.get("configure_logger", True):
    fileConfig(config.config_file_name, disable_existing_loggers=False)

target_metadata = SQLModel.metadata


def get_url() -> str:
    """The database to migrate: `config.attributes["url"]` if given, else DATABASE_URL."""
    url = config.attributes.get("url")
    return database_url(url) if url else Settings.from_env().database_url


def render_item(type_, obj, autogen_context):
    """Write sqlmodel's column types as plain SQLAlchemy ones, so revisions need no sqlmodel."""
    if type_ == "type" and isinstance(obj, AutoString):
        return f"sa.{String(obj.length)!r}"
    if type_ == "type" and isinstance(obj, UTCDateTime):
        return f"sa.{DateTime(timezone=True)!r}"
    return False


def configure(database: str, **kwargs) -> None:
    """Configure the migration context the same way online and offline."""
    context.configure(
        target_metadata=target_metadata,
        compare_type=True,
        render_as_batch=database.startswith("sqlite"),  # SQLite alters a table by copying it
        render_item=render_item,
        **kwargs,
    )


def run_migrations_offline() -> None:
    """Emit the SQL as a script (`alembic upgrade head --sql`)."""
    url = get_url()
    configure(url, url=url, literal_binds=True, dialect_opts={"paramstyle": "named"})
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_online() -> None:
    """Run the migrations against the database."""
    url = get_url()
    engine = create_engine(url, poolclass=pool.NullPool)
    with engine.connect() as connection:
        configure(url, connection=connection)
        with context.begin_transaction():
            context.run_migrations()
    engine.dispose()


if context.is_offline_mode():
    run_migrations_offline()
else:
    run_migrations_online()

"""The games the table can play: each a package behind one interface (`sh_sms.gamekind`),
registered under the name saved with each game. Nothing outside a game's package names a game;
it asks the registry for the game of a row."""

"""What a game is to the house, and where the house finds one: the interface every game
implements (`interface.GameKind`), what every engine shares (`kit`: events, actions, the error
for a refused action) and the registry of games by the name saved with each game (`registry`).
The games themselves are packages of `sh_sms.games`, above the house."""

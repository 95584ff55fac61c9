# expect line 3: round 2: opponent 7 is not a player of this division (2 players)
Able, Ann   1800 2 0; 400 50
Baker, Bo   1700 1 7; 350 300

# expect line 2: round 1: a player cannot play themselves
Able, Ann   1800 1; 400

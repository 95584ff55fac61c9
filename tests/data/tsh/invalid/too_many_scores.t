# expect line 2: 2 scores for 1 paired rounds
Able, Ann   1800 2; 400 300
Baker, Bo   1700 1; 350

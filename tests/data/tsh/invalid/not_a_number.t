# expect line 3: scores: "4x0" is not a whole number
Able, Ann   1800 2; 400
Baker, Bo   1700 1; 4x0

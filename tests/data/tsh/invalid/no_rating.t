# expect line 3: no rating after the name
Able, Ann   1800
Baker, Bo; 400

# expect line 2: round 1: a score but no pairing (00)
Able, Ann   1800 00 2; 50 400
Baker, Bo   1700 00 1; 00 300

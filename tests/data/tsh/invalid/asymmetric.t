# expect line 3: round 2: plays 3, whose line has 2 for that round
# comment lines count
Able, Ann   1800 2 3; 400 380
Baker, Bo   1700 1 1; 350 300
Cole, Cy    1600 0 2; 50 330

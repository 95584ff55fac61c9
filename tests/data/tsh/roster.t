# Division B roster, from registration; ratings as of 2026-11-01
#title Kuching Open 2026

Rahman, Nur Aisyah      1688 ; ; ; p12 
Lim, Wei Jie            1502
Ó Súilleabháin, Pádraig 1455   
Wong, Siew Ling	0
Team Two  Ann Lee+Bo Chan   1500+1420 ; ; class 5/6; team Sibu
  
D'Souza, Marc             0 ;
# late entries below
Chen, Li Na             1390 ; ; board

Lindqvist, Anders      1920 2 4 3 5 0; 410 420 399 455 50; board 1 1 1 1 0; p12 1 2 1 2 0; time 1142200000
OConnor-Smith, Mary Ann 1766 1 5 0 3 4; 395 460 50 377 366; board 1 2 0 2 2; p12 2 1 0 1 2; time 1142200911
Haddad, Karim          1733 4 0 1 2 5; 388 50 402 390 500; board 2 0 1 2 1; p12 1 0 2 2 1; time 1142201822
Ferreira, Luís         1510 3 1 5 0 2; 401 350 377 50 366; board 2 1 2 0 2; p12 2 1 2 0 1; time 1142202733
Brown, Tom                0 0 2 4 1 3; 50 301 333 280 298; board 0 2 2 1 1; p12 0 2 1 1 2; time 1142203644

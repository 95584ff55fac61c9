DROP TABLE indiv_withdrawals;

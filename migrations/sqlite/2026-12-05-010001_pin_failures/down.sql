DROP TABLE pin_failures;

DROP TABLE role_grants; DROP TABLE users;

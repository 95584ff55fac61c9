DROP INDEX role_grants_unique;

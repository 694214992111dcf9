-- A TRUNCATE of users fires no row trigger (migration 0022): a statement trigger tells every process to forget all
-- the users it keeps (an empty payload), since the ids may be given again (decision 0040).
CREATE FUNCTION costory_users_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('costory_users', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER costory_users_truncated AFTER TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION costory_users_truncated();

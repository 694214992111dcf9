-- Every server process keeps the users it has authenticated (decision 0040). A change to a user row, whichever
-- code makes it (sign-out's tokens_valid_after, a verified address, a deletion), tells every process at its commit,
-- and each one forgets that user before it authenticates the next request with it.
CREATE FUNCTION costory_user_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('costory_users', OLD.id::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER costory_user_changed AFTER UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION costory_user_changed();

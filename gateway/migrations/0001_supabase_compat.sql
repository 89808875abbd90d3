-- What Supabase's database already has and the policies rely on: the anon/authenticated roles,
-- the auth schema and auth.uid(). Created only when missing, so Supabase's own are never touched
-- (on PGlite and a plain PostgreSQL, this migration creates them).
do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  -- The gateway switches to these roles per transaction (set local role), as PostgREST does.
  if not pg_has_role(current_user, 'authenticated', 'member') then
    execute format('grant authenticated to %I', current_user);
  end if;
  if not pg_has_role(current_user, 'anon', 'member') then
    execute format('grant anon to %I', current_user);
  end if;
end
$$;

create schema if not exists auth;

do $$
begin
  if not exists (
    select 1 from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = 'auth' and p.proname = 'uid'
  ) then
    -- Same definition as Supabase's: the subject of the request's JWT claims.
    execute $fn$
      create function auth.uid() returns uuid
      language sql stable
      as $body$
        select nullif(
          coalesce(current_setting('request.jwt.claim.sub', true),
                   (current_setting('request.jwt.claims', true)::jsonb ->> 'sub')),
          '')::uuid
      $body$
    $fn$;
    grant usage on schema auth to anon, authenticated;
    grant execute on function auth.uid() to anon, authenticated;
  end if;
end
$$;

-- Repeatable: applied again by the runner whenever this file changes (see ../README.md).
-- The user of the request's claims, or null: jobs of the gateway run without claims, and once a
-- transaction has set them the setting reads '' afterwards (which auth.uid() would not parse).
create or replace function paraphe.acting_user_id() returns uuid
language sql stable set search_path = '' as $$
  select nullif(nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub', '')::uuid
$$;
grant execute on function paraphe.acting_user_id to anon, authenticated;

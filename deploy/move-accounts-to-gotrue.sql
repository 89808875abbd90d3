-- Moves the gateway's embedded accounts (schema paraphe_auth) into Supabase Auth (GoTrue's
-- auth.users and auth.identities) on the same database, keeping each account's id — so quotes,
-- profiles and signatures stay attached — its e-mail, confirmation date and password hash
-- (argon2id, which GoTrue verifies). Sessions are not moved: everyone signs in again once.
-- Accounts whose id or e-mail already exist in auth.users are left alone. Run once, with the
-- gateways stopped, after GoTrue has created its schema:
--   psql "$DATABASE_URL" -v ON_ERROR_STOP=1 -f deploy/move-accounts-to-gotrue.sql
begin;

insert into auth.users (
  instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, confirmation_sent_at,
  recovery_sent_at, last_sign_in_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
  confirmation_token, recovery_token, email_change_token_new, email_change
)
select '00000000-0000-0000-0000-000000000000', u.id, 'authenticated', 'authenticated', u.email, u.password_hash,
       u.email_confirmed_at, u.confirmation_sent_at, u.recovery_sent_at, u.last_sign_in_at,
       '{"provider": "email", "providers": ["email"]}'::jsonb, u.user_metadata, u.created_at, u.updated_at,
       '', '', '', ''
  from paraphe_auth.users u
 where not exists (select 1 from auth.users a where a.id = u.id or lower(a.email) = u.email);

insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
select u.id::text, u.id,
       jsonb_build_object('sub', u.id::text, 'email', u.email, 'email_verified', u.email_confirmed_at is not null, 'phone_verified', false),
       'email', u.last_sign_in_at, u.created_at, u.updated_at
  from paraphe_auth.users u
  join auth.users a on a.id = u.id
 where not exists (select 1 from auth.identities i where i.user_id = u.id and i.provider = 'email');

select count(*) as accounts_in_gotrue from auth.users a join paraphe_auth.users u on u.id = a.id;
commit;

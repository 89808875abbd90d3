-- Links sent to clients: only the SHA-256 of the token is kept, so a database leak gives no
-- usable link. One quote can have several links over time (a revoked one is replaced).
create table paraphe.signing_links (
  id uuid primary key default gen_random_uuid(),
  quote_id uuid not null references paraphe.quotes (id),
  user_id uuid not null,
  token_hash bytea not null unique,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz
);
create index signing_links_quote on paraphe.signing_links (quote_id);
alter table paraphe.signing_links enable row level security;
revoke all on paraphe.signing_links from public, anon, authenticated;
grant select, insert, update on paraphe.signing_links to authenticated;
create policy signing_links_select on paraphe.signing_links for select to authenticated
  using (user_id = (select auth.uid()));
create policy signing_links_insert on paraphe.signing_links for insert to authenticated
  with check (user_id = (select auth.uid()));
create policy signing_links_update on paraphe.signing_links for update to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));

-- The logo printed on a sent quote, copied at sending like the company identity, so the PDF the
-- client signs never changes afterwards.
alter table paraphe.quotes add column logo bytea, add column logo_type text;

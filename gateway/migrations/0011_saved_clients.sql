-- Saved clients: a company's address book of the people and companies it quotes, picked in the
-- quote editor to fill its client section. Shared by the company's members like its quotes and
-- saved items. A quote keeps its own copy of the client (in its content, frozen once sent); its
-- saved_client_id only links it to the client's page, and deleting the client just unlinks it.
create table paraphe.saved_clients (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references paraphe.companies (id) on delete cascade,
  kind text not null check (kind in ('individual', 'business')),
  name text not null default '' check (char_length(name) <= 120),
  company text not null default '' check (char_length(company) <= 120),
  email text not null default '' check (char_length(email) <= 120),
  phone text not null default '' check (char_length(phone) <= 40),
  address text not null default '' check (char_length(address) <= 300),
  site_address text not null default '' check (char_length(site_address) <= 300),
  siret text not null default '' check (siret = '' or (kind = 'business' and siret ~ '^[0-9]{14}$')),
  notes text not null default '' check (char_length(notes) <= 4000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (case kind when 'business' then company <> '' else name <> '' end)
);
-- The same person (name, company and e-mail, without case) once per company: saving the quote's
-- client twice does not duplicate it, while two clients may share an e-mail (a couple, a
-- company's generic address) or a name (namesakes).
create unique index saved_clients_identity on paraphe.saved_clients (company_id, lower(name), lower(company), lower(email));
create index saved_clients_company on paraphe.saved_clients (company_id, lower(company || name));

alter table paraphe.saved_clients enable row level security;
grant select, insert, update, delete on paraphe.saved_clients to authenticated;
create policy saved_clients_select on paraphe.saved_clients for select to authenticated
  using (company_id = (select paraphe.current_company_id()));
create policy saved_clients_insert on paraphe.saved_clients for insert to authenticated
  with check (company_id = (select paraphe.current_company_id()));
create policy saved_clients_update on paraphe.saved_clients for update to authenticated
  using (company_id = (select paraphe.current_company_id()))
  with check (company_id = (select paraphe.current_company_id()));
create policy saved_clients_delete on paraphe.saved_clients for delete to authenticated
  using (company_id = (select paraphe.current_company_id()));

-- The saved client a quote was made out to (picked in the editor); not part of the frozen content.
alter table paraphe.quotes add column saved_client_id uuid references paraphe.saved_clients (id) on delete set null;
create index quotes_saved_client on paraphe.quotes (saved_client_id) where saved_client_id is not null;

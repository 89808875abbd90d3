-- Saved items (« Articles »): a company's catalogue of what it quotes again and again, found as a
-- line's designation is typed. Shared by the company's members like its quotes. One article per
-- designation (compared without case), so that importing an export again updates rather than
-- duplicates; the key is hashed because a designation may be longer than a btree entry allows.
create table paraphe.saved_items (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references paraphe.companies (id) on delete cascade,
  designation text not null check (char_length(designation) between 1 and 2000),
  unit text not null check (unit in ('u', 'h', 'jour', 'm', 'm²', 'm³', 'kg', 'forfait')),
  unit_price_cents bigint not null check (unit_price_cents between 0 and 10000000000),
  vat_rate_bp integer not null check (vat_rate_bp in (0, 210, 550, 1000, 2000)),
  category text not null default '' check (char_length(category) <= 60),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index saved_items_designation on paraphe.saved_items (company_id, md5(lower(designation)));
create index saved_items_company on paraphe.saved_items (company_id, category, lower(designation));

alter table paraphe.saved_items enable row level security;
grant select, insert, update, delete on paraphe.saved_items to authenticated;
create policy saved_items_select on paraphe.saved_items for select to authenticated
  using (company_id = (select paraphe.current_company_id()));
create policy saved_items_insert on paraphe.saved_items for insert to authenticated
  with check (company_id = (select paraphe.current_company_id()));
create policy saved_items_update on paraphe.saved_items for update to authenticated
  using (company_id = (select paraphe.current_company_id()))
  with check (company_id = (select paraphe.current_company_id()));
create policy saved_items_delete on paraphe.saved_items for delete to authenticated
  using (company_id = (select paraphe.current_company_id()));

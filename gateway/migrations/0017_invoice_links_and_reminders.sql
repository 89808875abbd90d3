-- The client's side of invoices: links to the invoice page (no account), and payment reminders.

-- Invoice links, sent with the invoice e-mail and each reminder. As for signing links, only the
-- SHA-256 of the 256-bit token is kept: a database leak gives no usable link. A link never
-- expires on its own (the client may come back to pay or download the PDF months later); the
-- professional can revoke them.
create table paraphe.invoice_links (
  id uuid primary key default gen_random_uuid(),
  invoice_id uuid not null references paraphe.invoices (id),
  company_id uuid not null references paraphe.companies (id),
  token_hash bytea not null unique,
  created_at timestamptz not null default now(),
  revoked_at timestamptz
);
comment on table paraphe.invoice_links is 'Links to the client''s invoice page; only the SHA-256 of each token.';
create index invoice_links_invoice on paraphe.invoice_links (invoice_id);
alter table paraphe.invoice_links enable row level security;
revoke all on paraphe.invoice_links from public, anon, authenticated;
grant select, insert, update on paraphe.invoice_links to authenticated;
create policy invoice_links_select on paraphe.invoice_links for select to authenticated
  using (company_id = (select paraphe.current_company_id()));
create policy invoice_links_insert on paraphe.invoice_links for insert to authenticated
  with check (company_id = (select paraphe.current_company_id())
              and exists (select 1 from paraphe.invoices i where i.id = invoice_links.invoice_id and i.company_id = invoice_links.company_id and i.status = 'issued'));
create policy invoice_links_update on paraphe.invoice_links for update to authenticated
  using (company_id = (select paraphe.current_company_id())) with check (company_id = (select paraphe.current_company_id()));

-- The company's invoicing settings: the reminder delays, in days after the due date.
create table paraphe.invoice_settings (
  company_id uuid primary key references paraphe.companies (id),
  reminder_days integer[] not null default '{7,15,30}'
    check (cardinality(reminder_days) <= 6 and 0 < all (reminder_days) and 366 > all (reminder_days)),
  updated_at timestamptz not null default now()
);
comment on table paraphe.invoice_settings is 'Invoicing settings of a company (payment reminder delays after the due date).';
alter table paraphe.invoice_settings enable row level security;
revoke all on paraphe.invoice_settings from public, anon, authenticated;
grant select, insert, update on paraphe.invoice_settings to authenticated;
create policy invoice_settings_select on paraphe.invoice_settings for select to authenticated
  using (company_id = (select paraphe.current_company_id()));
create policy invoice_settings_insert on paraphe.invoice_settings for insert to authenticated
  with check (company_id = (select paraphe.current_company_id()));
create policy invoice_settings_update on paraphe.invoice_settings for update to authenticated
  using (company_id = (select paraphe.current_company_id())) with check (company_id = (select paraphe.current_company_id()));

-- Each automatic reminder (one per delay) is sent once, even with several gateways running the
-- jobs together: the event is its proof, and a second insert for the same delay fails.
create unique index invoice_events_reminder_once on paraphe.invoice_events (invoice_id, ((data ->> 'delayDays')))
  where type = 'reminded' and data ? 'delayDays';

-- What the client's page shows, read by the token's hash as `anon`: the issued invoice, its
-- payments and credit notes summed, and whether the link still works.
create function paraphe.invoice_link_view(p_token_hash bytea) returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object(
    'invoiceId', i.id, 'number', i.number, 'kind', i.kind, 'issueDate', i.issue_date, 'dueDate', i.due_date,
    'amountDueCents', i.amount_due_cents, 'totalTtcCents', i.total_ttc_cents, 'document', i.document,
    'revoked', l.revoked_at is not null,
    'paidCents', coalesce((select sum(p.amount_cents) from paraphe.invoice_payments p where p.invoice_id = i.id), 0),
    'creditedCents', coalesce((select sum(c.total_ttc_cents) from paraphe.invoices c where c.corrects_invoice_id = i.id and c.status = 'issued'), 0))
    from paraphe.invoice_links l join paraphe.invoices i on i.id = l.invoice_id
   where l.token_hash = p_token_hash and i.status = 'issued'
$$;
revoke all on function paraphe.invoice_link_view from public;
grant execute on function paraphe.invoice_link_view to anon;

-- The invoice's Factur-X PDF, for a link not revoked.
create function paraphe.invoice_link_pdf(p_token_hash bytea) returns table (number text, kind text, pdf bytea)
language sql stable security definer set search_path = '' as $$
  select i.number, i.kind, i.pdf
    from paraphe.invoice_links l join paraphe.invoices i on i.id = l.invoice_id
   where l.token_hash = p_token_hash and l.revoked_at is null and i.status = 'issued'
$$;
revoke all on function paraphe.invoice_link_pdf from public;
grant execute on function paraphe.invoice_link_pdf to anon;

-- The job registry's table, and invoices whose Factur-X PDF is rendered after their number.
--
-- 1. paraphe.jobs: one row per run of a background job (gateway/src/plugins/app/jobs.ts lists
--    them). Claimed by the leased queue like the outbox (`for update skip locked`, a lease in
--    next_attempt_at), so several gateways on one database each run a job once. A singleton key
--    keeps at most one pending run of a job (a periodic job, the render of one invoice): a
--    second enqueue while one is pending is a no-op.
create table paraphe.jobs (
  id bigint generated always as identity primary key,
  name text not null,
  payload jsonb not null default '{}'::jsonb,
  -- The company a member's action queued it for (null for the gateway's own periodic jobs).
  company_id uuid,
  singleton_key text,
  status text not null default 'pending' check (status in ('pending', 'done', 'failed')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  last_error text,
  created_at timestamptz not null default now(),
  done_at timestamptz
);
comment on table paraphe.jobs is 'Background jobs run by the gateways (invoice renders, periodic work); claimed with a lease, retried with back-off.';
create unique index jobs_singleton on paraphe.jobs (singleton_key) where status = 'pending';
create index jobs_due on paraphe.jobs (next_attempt_at, id) where status = 'pending';
alter table paraphe.jobs enable row level security;
revoke all on paraphe.jobs from public, anon, authenticated;
-- A member's action queues its follow-up work in its own transaction, for its own company; only
-- the gateway (the owner) reads and runs the queue.
grant insert on paraphe.jobs to authenticated;
-- ON CONFLICT (singleton_key) reads the arbiter's columns: those two only, of its company's rows.
grant select (singleton_key, status) on paraphe.jobs to authenticated;

-- 2. The issuing transaction commits the number, the document, the XML and the chain entry; the
--    PDF comes right after, from the render job, once: the issued row may change only by
--    getting its PDF, when it has none, with the PDF's SHA-256 beside it.
alter table paraphe.invoices add column hash_version smallint not null default 1 check (hash_version in (1, 2));
alter table paraphe.invoices add column pdf_sha256 text check (pdf_sha256 ~ '^[0-9a-f]{64}$');
comment on column paraphe.invoices.hash_version is '1: sha256 covers the document, the PDF and the XML; 2: the document and the XML, the PDF''s hash stored in pdf_sha256.';

do $$
declare
  old_check text;
begin
  select conname into old_check from pg_constraint
   where conrelid = 'paraphe.invoices'::regclass and contype = 'c' and pg_get_constraintdef(oid) like '%pdf IS NOT NULL%';
  execute format('alter table paraphe.invoices drop constraint %I', old_check);
end
$$;
alter table paraphe.invoices add constraint invoices_issued_complete check (status = 'draft' or (
  issue_date is not null and due_date is not null and issued_at is not null and document is not null
  and xml is not null and chain_index is not null and sha256 ~ '^[0-9a-f]{64}$'
  and (previous_sha256 is null) = (chain_index = 1)
  -- Version 1 (issued before this migration): the PDF is in the hash, its own SHA-256 never stored.
  -- Version 2: the PDF comes after, with its SHA-256.
  and (case hash_version when 1 then pdf is not null and pdf_sha256 is null else (pdf is null) = (pdf_sha256 is null) end)));

-- The list pages drafts then issued invoices per company in SQL (invoices-repository.ts).
create index invoices_company_status on paraphe.invoices (company_id, status, chain_index desc);

-- Its policies, functions and triggers are stated in repeatable/ (policies/<table>.sql,
-- functions/<name>.sql, triggers/<name>.sql).

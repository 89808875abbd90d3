-- Online signing: the signature and the sealed document of each quote, e-mail codes, and the
-- narrow functions through which the public signing page reaches a quote by its link.

create table paraphe.signatures (
  quote_id uuid primary key references paraphe.quotes (id),
  user_id uuid not null,
  signer_name text not null,
  signer_email text not null,
  method text not null check (method in ('drawn', 'typed')),
  -- Drawn: the strokes as captured (points in CSS pixels of the pad); typed: the name typed.
  strokes jsonb,
  typed_text text,
  mention text not null,
  client_ip text,
  user_agent text,
  document_sha256 text not null,
  otp_verified boolean not null default false,
  signed_at timestamptz not null default now()
);
alter table paraphe.signatures enable row level security;
revoke all on paraphe.signatures from public, anon, authenticated;
grant select on paraphe.signatures to authenticated;
create policy signatures_select on paraphe.signatures for select to authenticated
  using (user_id = (select auth.uid()));
create trigger signatures_append_only before update or delete on paraphe.signatures
  for each row execute function paraphe.refuse_change();

-- The sealed PDF, stored once; its hash answers the verification page.
create table paraphe.signed_documents (
  quote_id uuid primary key references paraphe.quotes (id),
  user_id uuid not null,
  pdf bytea not null,
  sha256 text not null unique,
  original_sha256 text not null,
  created_at timestamptz not null default now()
);
alter table paraphe.signed_documents enable row level security;
revoke all on paraphe.signed_documents from public, anon, authenticated;
grant select on paraphe.signed_documents to authenticated;
create policy signed_documents_select on paraphe.signed_documents for select to authenticated
  using (user_id = (select auth.uid()));
create trigger signed_documents_append_only before update or delete on paraphe.signed_documents
  for each row execute function paraphe.refuse_change();

-- E-mail codes for signers (6 digits, 10 minutes, 5 attempts); only a hash is kept.
create table paraphe.signing_codes (
  id bigint generated always as identity primary key,
  quote_id uuid not null references paraphe.quotes (id),
  code_hash text not null,
  expires_at timestamptz not null,
  attempts integer not null default 0,
  verified_at timestamptz,
  created_at timestamptz not null default now()
);
create index signing_codes_quote on paraphe.signing_codes (quote_id, id desc);
alter table paraphe.signing_codes enable row level security;
revoke all on paraphe.signing_codes from public, anon, authenticated;

alter table paraphe.quotes add column reminders_sent integer not null default 0,
  add column last_reminded_at timestamptz;

-- What the signing page may know about the quote behind a link: null for an unknown link.
-- The caller compares the link's date with `now` (the expiry job may not have run yet).
create function paraphe.signing_view(p_token_hash bytea) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  link record;
  q record;
begin
  select * into link from paraphe.signing_links where token_hash = p_token_hash;
  if not found then
    return null;
  end if;
  select * into q from paraphe.quotes where id = link.quote_id;
  return jsonb_build_object(
    'linkId', link.id,
    'linkExpiresAt', link.expires_at,
    'linkRevokedAt', link.revoked_at,
    'quote', jsonb_build_object(
      'id', q.id, 'number', q.number, 'status', q.status, 'content', q.content,
      'franchiseEnBase', q.franchise_en_base, 'company', q.company, 'version', q.version,
      'createdAt', q.created_at, 'updatedAt', q.updated_at, 'sentAt', q.sent_at,
      'expiresOn', q.expires_on, 'replacedBy', q.replaced_by, 'hasLogo', q.logo is not null
    ),
    'signature', (select jsonb_build_object('signerName', s.signer_name, 'signedAt', s.signed_at, 'method', s.method)
                    from paraphe.signatures s where s.quote_id = q.id),
    'declinedAt', (select e.occurred_at from paraphe.quote_events e where e.quote_id = q.id and e.type = 'declined' order by e.id desc limit 1),
    'signedDocument', exists (select 1 from paraphe.signed_documents d where d.quote_id = q.id),
    'now', now()
  );
end
$$;

-- The client opened the link: one `viewed` event per visitor session, and sent → viewed.
create function paraphe.record_view(p_token_hash bytea, p_visitor text, p_client_ip text, p_user_agent text) returns void
language plpgsql security definer set search_path = '' as $$
declare
  link record;
begin
  select * into link from paraphe.signing_links where token_hash = p_token_hash and revoked_at is null and expires_at > now();
  if not found then
    return;
  end if;
  if exists (select 1 from paraphe.quote_events where quote_id = link.quote_id and type = 'viewed' and data ->> 'visitor' = p_visitor) then
    return;
  end if;
  insert into paraphe.quote_events (quote_id, user_id, type, data)
  values (link.quote_id, link.user_id, 'viewed',
          jsonb_build_object('visitor', p_visitor, 'ip', p_client_ip, 'userAgent', p_user_agent));
  update paraphe.quotes set status = 'viewed', updated_at = now() where id = link.quote_id and status = 'sent';
end
$$;

-- Signing and declining share one gate: the quote is locked so the first valid answer wins, the
-- others learn why they cannot (already signed, expired…). refusal is null when the answer may proceed.
create function paraphe.lock_answerable_quote(p_token_hash bytea, out refusal text, out id uuid, out user_id uuid)
language plpgsql set search_path = '' as $$
declare
  link record;
  q record;
begin
  select * into link from paraphe.signing_links where token_hash = p_token_hash;
  if not found then
    refusal := 'not_found';
    return;
  end if;
  select * into q from paraphe.quotes where quotes.id = link.quote_id for update;
  id := q.id;
  user_id := q.user_id;
  refusal := case
    when q.status = 'signed' then 'already_signed'
    when q.status = 'declined' then 'declined'
    when q.status = 'cancelled' or link.revoked_at is not null then 'cancelled'
    when q.status = 'expired' or link.expires_at <= now() then 'expired'
  end;
end
$$;
revoke all on function paraphe.lock_answerable_quote from public;

-- Signing, in one transaction under the quote's lock: the first valid request wins, the others
-- learn why they cannot (already signed, expired…). Returns 'signed' or the refusal's code.
create function paraphe.sign_quote(
  p_token_hash bytea, p_signer_name text, p_signer_email text, p_method text, p_strokes jsonb, p_typed_text text,
  p_mention text, p_client_ip text, p_user_agent text, p_document_sha256 text, p_otp_verified boolean, p_evidence jsonb
) returns text
language plpgsql security definer set search_path = '' as $$
declare
  q record;
begin
  select * into q from paraphe.lock_answerable_quote(p_token_hash);
  if q.refusal is not null then
    return q.refusal;
  end if;
  insert into paraphe.signatures (quote_id, user_id, signer_name, signer_email, method, strokes, typed_text, mention,
                                  client_ip, user_agent, document_sha256, otp_verified)
  values (q.id, q.user_id, p_signer_name, p_signer_email, p_method, p_strokes, p_typed_text, p_mention,
          p_client_ip, p_user_agent, p_document_sha256, p_otp_verified);
  insert into paraphe.quote_events (quote_id, user_id, type, data) values (q.id, q.user_id, 'signed', p_evidence);
  update paraphe.quotes set status = 'signed', updated_at = now() where id = q.id;
  return 'signed';
end
$$;

-- Queues e-mails written by the gateway, only to the two parties of the quote.
create function paraphe.queue_quote_emails(q_id uuid, p_emails jsonb) returns void
language plpgsql security definer set search_path = '' as $$
declare
  q record;
  mail jsonb;
begin
  select * into q from paraphe.quotes where id = q_id;
  for mail in select * from jsonb_array_elements(coalesce(p_emails, '[]'::jsonb)) loop
    if mail ->> 'to' is distinct from q.company ->> 'email' and mail ->> 'to' is distinct from q.content #>> '{client,email}' then
      raise exception 'e-mail recipient is not a party of quote %', q.id using errcode = 'P0001';
    end if;
    insert into paraphe.outbox (user_id, kind, recipient, subject, text_body, html_body, reply_to, attachments)
    values (q.user_id, mail ->> 'kind', mail ->> 'to', mail ->> 'subject', mail ->> 'text', mail ->> 'html',
            mail ->> 'replyTo', coalesce(mail -> 'attachments', '[]'::jsonb));
  end loop;
end
$$;
revoke all on function paraphe.queue_quote_emails from public;

create function paraphe.decline_quote(p_token_hash bytea, p_reason text, p_client_ip text, p_user_agent text, p_emails jsonb) returns text
language plpgsql security definer set search_path = '' as $$
declare
  q record;
begin
  select * into q from paraphe.lock_answerable_quote(p_token_hash);
  if q.refusal is not null then
    return q.refusal;
  end if;
  insert into paraphe.quote_events (quote_id, user_id, type, data)
  values (q.id, q.user_id, 'declined', jsonb_build_object('reason', p_reason, 'ip', p_client_ip, 'userAgent', p_user_agent));
  update paraphe.quotes set status = 'declined', updated_at = now() where id = q.id;
  perform paraphe.queue_quote_emails(q.id, p_emails);
  return 'declined_now';
end
$$;

revoke all on function paraphe.signing_view, paraphe.record_view, paraphe.sign_quote, paraphe.decline_quote from public;
grant execute on function paraphe.signing_view, paraphe.record_view, paraphe.sign_quote, paraphe.decline_quote to anon;

-- E-mail code for the signer: a new code replaces the previous ones; the e-mail is queued with it.
create function paraphe.create_signing_code(p_token_hash bytea, p_code_hash text, p_emails jsonb) returns text
language plpgsql security definer set search_path = '' as $$
declare
  link record;
  last_code record;
begin
  select * into link from paraphe.signing_links where token_hash = p_token_hash and revoked_at is null and expires_at > now();
  if not found then
    return 'not_found';
  end if;
  select * into last_code from paraphe.signing_codes where quote_id = link.quote_id order by id desc limit 1;
  -- One code a minute at most: the client's mailbox is not ours to flood.
  if found and last_code.created_at > now() - interval '60 seconds' then
    return 'too_soon';
  end if;
  insert into paraphe.signing_codes (quote_id, code_hash, expires_at) values (link.quote_id, p_code_hash, now() + interval '10 minutes');
  perform paraphe.queue_quote_emails(link.quote_id, p_emails);
  return 'sent';
end
$$;

-- Checks a code: 'ok', 'wrong' (attempts left), 'locked' (5 wrong), 'expired' or 'missing'.
create function paraphe.check_signing_code(p_token_hash bytea, p_code_hash text) returns text
language plpgsql security definer set search_path = '' as $$
declare
  link record;
  code record;
begin
  select * into link from paraphe.signing_links where token_hash = p_token_hash;
  if not found then
    return 'missing';
  end if;
  select * into code from paraphe.signing_codes where quote_id = link.quote_id order by id desc limit 1 for update;
  if not found then
    return 'missing';
  elsif code.attempts >= 5 then
    return 'locked';
  elsif code.expires_at <= now() then
    return 'expired';
  elsif code.code_hash = p_code_hash then
    update paraphe.signing_codes set verified_at = coalesce(verified_at, now()) where id = code.id;
    return 'ok';
  end if;
  update paraphe.signing_codes set attempts = attempts + 1 where id = code.id;
  return case when code.attempts + 1 >= 5 then 'locked' else 'wrong' end;
end
$$;

-- What the public verification page may say about a PDF: only for documents sealed here.
create function paraphe.verify_document(p_sha256 text) returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object('number', q.number, 'signerName', s.signer_name, 'signedAt', s.signed_at)
    from paraphe.signed_documents d
    join paraphe.quotes q on q.id = d.quote_id
    join paraphe.signatures s on s.quote_id = d.quote_id
   where d.sha256 = p_sha256
$$;

revoke all on function paraphe.create_signing_code, paraphe.check_signing_code, paraphe.verify_document from public;
grant execute on function paraphe.create_signing_code, paraphe.check_signing_code, paraphe.verify_document to anon;

-- The frozen logo and the sealed PDF, for the signing page's downloads.
create function paraphe.signing_files(p_token_hash bytea)
returns table (logo bytea, logo_type text, signed_pdf bytea)
language sql stable security definer set search_path = '' as $$
  select q.logo, q.logo_type, d.pdf
    from paraphe.signing_links l
    join paraphe.quotes q on q.id = l.quote_id
    left join paraphe.signed_documents d on d.quote_id = q.id
   where l.token_hash = p_token_hash
$$;
revoke all on function paraphe.signing_files from public;
grant execute on function paraphe.signing_files to anon;

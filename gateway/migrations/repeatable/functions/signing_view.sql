-- Repeatable: applied again by the runner whenever this file changes (see ../README.md).
-- What the signing page may know about the quote behind a link: null for an unknown link.
-- The caller compares the link's date with `now` (the expiry job may not have run yet).
create or replace function paraphe.signing_view(p_token_hash bytea) returns jsonb
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
revoke all on function paraphe.signing_view from public;
grant execute on function paraphe.signing_view to anon;

-- Repeatable: applied again by the runner whenever this file changes (see ../README.md).
-- What the public verification page may say about a PDF: only for documents sealed here.
create or replace function paraphe.verify_document(p_sha256 text) returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object('number', q.number, 'signerName', s.signer_name, 'signedAt', s.signed_at)
    from paraphe.signed_documents d
    join paraphe.quotes q on q.id = d.quote_id
    join paraphe.signatures s on s.quote_id = d.quote_id
   where d.sha256 = p_sha256
$$;
revoke all on function paraphe.verify_document from public;
grant execute on function paraphe.verify_document to anon;

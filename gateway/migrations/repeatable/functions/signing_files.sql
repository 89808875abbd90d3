-- Repeatable: applied again by the runner whenever this file changes (see ../README.md).
-- The frozen logo and the sealed PDF, for the signing page's downloads.
create or replace function paraphe.signing_files(p_token_hash bytea)
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

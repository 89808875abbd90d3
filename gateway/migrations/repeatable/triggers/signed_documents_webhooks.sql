-- Repeatable: applied again by the runner whenever this file changes (see ../README.md).
create or replace trigger signed_documents_webhooks after insert on paraphe.signed_documents
  for each row execute function paraphe.signed_document_webhook();

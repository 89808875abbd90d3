import type { CompanyProfile } from '@paraphe/shared/company'

/** Whom to contact about the quote: the professional who sent it. */
export function CompanyContact({ company, title = 'Une question sur ce devis\u202f?' }: { company: CompanyProfile; title?: string }) {
  const email = company.email.trim()
  const phone = company.phone.trim()
  return (
    <section className="signing-contact" aria-labelledby="signing-contact-title">
      <h2 id="signing-contact-title">{title}</h2>
      <p className="signing-contact__preamble">
        Contactez directement <strong>{company.companyName}</strong>, qui vous a envoyé ce devis&#8239;: lui seul peut le modifier ou vous
        en adresser un nouveau.
      </p>
      {email === '' && phone === '' ? null : (
        <ul className="signing-contact__ways">
          {email === '' ? null : (
            <li>
              E-mail&#8239;: <a href={`mailto:${email}`}>{email}</a>
            </li>
          )}
          {phone === '' ? null : (
            <li>
              Téléphone&#8239;: <a href={`tel:${phone.replace(/\s/g, '')}`}>{phone}</a>
            </li>
          )}
        </ul>
      )}
    </section>
  )
}

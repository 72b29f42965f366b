import type { InfoBlock, InfoDocument } from '../content/document';
import { InfoText } from './InfoText';

function Block({ block }: { block: InfoBlock }) {
  if (typeof block === 'string')
    return (
      <p>
        <InfoText text={block} />
      </p>
    );
  if ('note' in block)
    return (
      <p className="info-note">
        <InfoText text={block.note} />
      </p>
    );
  const items = 'list' in block ? block.list : block.steps;
  const children = items.map((item) => (
    <li key={item}>
      <InfoText text={item} />
    </li>
  ));
  return 'list' in block ? (
    <ul className="info-list">{children}</ul>
  ) : (
    <ol className="info-steps">{children}</ol>
  );
}

/** A static page's text: an 'In short' box, the list of sections and the sections (h2 under the page's h1). */
export function InfoDocumentView({ document: doc }: { document: InfoDocument }) {
  return (
    <div className={`info-doc${doc.contents ? ' info-doc--with-contents' : ''}`}>
      {doc.contents && (
        <nav className="info-contents" aria-labelledby="info-contents-title">
          <p className="info-contents__title" id="info-contents-title">
            On this page
          </p>
          <ol>
            {doc.sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.title}</a>
              </li>
            ))}
          </ol>
        </nav>
      )}
      <div className="info-doc__body">
        {doc.summary && (
          <div className="info-summary">
            <p className="info-summary__title">In short</p>
            <ul>
              {doc.summary.map((line) => (
                <li key={line}>
                  <InfoText text={line} />
                </li>
              ))}
            </ul>
          </div>
        )}
        {doc.sections.map((section) => (
          <section key={section.id} id={section.id} className="info-section">
            <h2>{section.title}</h2>
            {section.blocks.map((block, index) => (
              <Block key={index} block={block} />
            ))}
          </section>
        ))}
      </div>
    </div>
  );
}

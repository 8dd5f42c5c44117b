// A text page made of titled sections (information, terms, privacy), from the page texts.
import type { ComponentChildren } from 'preact';

export interface ArticleSection {
  title: string;
  paragraphs: readonly string[];
  links?: readonly { href: string; label: string }[];
}

interface Props {
  title: string;
  intro: string;
  revised?: string;
  sections: readonly ArticleSection[];
  children?: ComponentChildren;
}

export function Article({ title, intro, revised, sections, children }: Props) {
  return (
    <article class="page prose">
      <h1>{title}</h1>
      {revised && <p class="hint">{revised}</p>}
      <p class="lead">{intro}</p>
      {sections.map((section) => (
        <section key={section.title}>
          <h2>{section.title}</h2>
          {section.paragraphs.map((text) => (
            <p key={text}>{text}</p>
          ))}
          {section.links && (
            <ul class="link-list">
              {section.links.map((link) => (
                <li key={link.href}>
                  <a href={link.href}>{link.label}</a>
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
      {children}
    </article>
  );
}

import { Link, useParams } from 'react-router';
import { SitePlaceholderPage } from '../components/placeholder-page';

export function BlogPostPage() {
  const { slug = '' } = useParams();
  const title = slug.replace(/-+/g, ' ').replace(/^\w/, (letter) => letter.toUpperCase());
  return (
    <SitePlaceholderPage title={title || 'Article'} description="An article from the DataCleaner blog on CRM data quality.">
      <Link to="/blog" className="mt-8 inline-block font-semibold text-brand-700 hover:underline">
        ← All articles
      </Link>
    </SitePlaceholderPage>
  );
}

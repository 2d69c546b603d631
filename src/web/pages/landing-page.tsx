import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { BenefitsSection } from '../features/marketing/benefits-section';
import { CallToActionSection } from '../features/marketing/call-to-action-section';
import { FeaturesSection } from '../features/marketing/features-section';
import { HeroSection } from '../features/marketing/hero-section';
import { IntegrationsSection } from '../features/marketing/integrations-section';
import { PricingSection } from '../features/marketing/pricing-section';
import { TestimonialsSection } from '../features/marketing/testimonials-section';

/** / : the sections of SPEC.md section 2 in order; the site layout adds the header and footer. */
export function LandingPage() {
  const { hash } = useLocation();

  // Arriving from another page on /#pricing, the section exists only once React has
  // rendered, after the browser's own attempt to scroll to it.
  useEffect(() => {
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash]);

  return (
    <>
      <HeroSection />
      <FeaturesSection />
      <BenefitsSection />
      <IntegrationsSection />
      <TestimonialsSection />
      <PricingSection />
      <CallToActionSection />
    </>
  );
}

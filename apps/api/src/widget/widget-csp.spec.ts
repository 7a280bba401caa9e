import { widgetFrameCsp } from './widget-csp';

describe('widgetFrameCsp', () => {
  it("allows only the key's origins to frame it and nothing inline", () => {
    const csp = widgetFrameCsp(['https://a.example', 'https://b.example:8443'], undefined);
    expect(csp).toContain('frame-ancestors https://a.example https://b.example:8443');
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("img-src 'self' data:;");
  });

  it('adds the tile server to img-src when configured', () => {
    expect(widgetFrameCsp(['https://a.example'], 'https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toContain(
      "img-src 'self' data: https://tile.openstreetmap.org;",
    );
  });

  it('lets no one frame it when no origin is allowed', () => {
    expect(widgetFrameCsp([], undefined)).toContain("frame-ancestors 'none'");
  });
});

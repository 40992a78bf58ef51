import { assetTypeOf, isLogoType } from './asset-types';
import { detectFileType } from './file-types';

describe('asset types', () => {
  it('knows LOGO, whatever the case', () => {
    expect(assetTypeOf('logo')).toBe('LOGO');
    expect(assetTypeOf('BANNER')).toBeUndefined();
  });

  it('takes raster images as a logo and refuses SVG, PDF and text', () => {
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
    expect(isLogoType(detectFileType(png, 'logo.png'))).toBe(true);
    expect(isLogoType(detectFileType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>'), 'logo.svg'))).toBe(false);
    expect(isLogoType(detectFileType(Buffer.from('%PDF-1.7\n'), 'logo.png'))).toBe(false);
    expect(isLogoType(detectFileType(Buffer.from('just text'), 'logo.png'))).toBe(false);
  });
});

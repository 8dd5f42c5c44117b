// The size of a proof on screen: fitted into the viewport (a small image enlarged at most twice, beyond
// which it only blurs), then zoomed; turned a quarter, its box swaps width and height.

const MAX_ENLARGEMENT = 2;

interface Size {
  width: number;
  height: number;
}

export function fittedSize(natural: Size, viewport: Size, turns: number, zoom: number) {
  const sideways = turns % 2 === 1;
  const turned = sideways ? { width: natural.height, height: natural.width } : natural;
  const fit = Math.min(MAX_ENLARGEMENT, viewport.width / turned.width, viewport.height / turned.height);
  const scale = Math.max(fit, 0.01) * zoom;
  const image = { width: natural.width * scale, height: natural.height * scale };
  const box = sideways ? { width: image.height, height: image.width } : image;
  return { image, box };
}

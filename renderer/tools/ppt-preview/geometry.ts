/**
 * Outlines of the common preset shapes as polygons in unit coordinates (0..1 of the box). Shapes not
 * listed (and custom geometry) are drawn as their box, which keeps their fill, line and text visible.
 */
const POLYGONS: Record<string, [number, number][]> = {
  triangle: [
    [0.5, 0],
    [1, 1],
    [0, 1],
  ],
  rtTriangle: [
    [0, 0],
    [1, 1],
    [0, 1],
  ],
  diamond: [
    [0.5, 0],
    [1, 0.5],
    [0.5, 1],
    [0, 0.5],
  ],
  parallelogram: [
    [0.25, 0],
    [1, 0],
    [0.75, 1],
    [0, 1],
  ],
  trapezoid: [
    [0.25, 0],
    [0.75, 0],
    [1, 1],
    [0, 1],
  ],
  pentagon: [
    [0.5, 0],
    [1, 0.38],
    [0.81, 1],
    [0.19, 1],
    [0, 0.38],
  ],
  hexagon: [
    [0.25, 0],
    [0.75, 0],
    [1, 0.5],
    [0.75, 1],
    [0.25, 1],
    [0, 0.5],
  ],
  homePlate: [
    [0, 0],
    [0.8, 0],
    [1, 0.5],
    [0.8, 1],
    [0, 1],
  ],
  chevron: [
    [0, 0],
    [0.8, 0],
    [1, 0.5],
    [0.8, 1],
    [0, 1],
    [0.2, 0.5],
  ],
  rightArrow: [
    [0, 0.25],
    [0.7, 0.25],
    [0.7, 0],
    [1, 0.5],
    [0.7, 1],
    [0.7, 0.75],
    [0, 0.75],
  ],
  leftArrow: [
    [1, 0.25],
    [0.3, 0.25],
    [0.3, 0],
    [0, 0.5],
    [0.3, 1],
    [0.3, 0.75],
    [1, 0.75],
  ],
  upArrow: [
    [0.25, 1],
    [0.25, 0.3],
    [0, 0.3],
    [0.5, 0],
    [1, 0.3],
    [0.75, 0.3],
    [0.75, 1],
  ],
  downArrow: [
    [0.25, 0],
    [0.25, 0.7],
    [0, 0.7],
    [0.5, 1],
    [1, 0.7],
    [0.75, 0.7],
    [0.75, 0],
  ],
  star5: [
    [0.5, 0],
    [0.61, 0.35],
    [0.98, 0.35],
    [0.68, 0.57],
    [0.79, 0.91],
    [0.5, 0.7],
    [0.21, 0.91],
    [0.32, 0.57],
    [0.02, 0.35],
    [0.39, 0.35],
  ],
};

export function polygonOf(geometry: string): [number, number][] | undefined {
  return POLYGONS[geometry];
}

export const LINE_GEOMETRIES = new Set(['line', 'straightConnector1', 'bentConnector2', 'bentConnector3', 'curvedConnector3']);

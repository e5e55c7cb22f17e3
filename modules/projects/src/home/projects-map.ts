/**
 * The OpenLayers map of the home page, loaded only when the map is drawn (a dynamic
 * import: OpenLayers and the country outlines stay out of everything else).
 *
 * Base layer: the XYZ tiles of MAP_TILE_URL when the installation names one; without it a
 * plain vector background — the countries of Natural Earth at 1:110m as the `world-atlas`
 * package ships them in TopoJSON, decoded by `topojson-client` — so the map works offline
 * and fetches nothing from anywhere else.
 *
 * Markers: one per project with a position; a click opens the project. The view fits all
 * markers with 50 px padding (spec part2 §9); a single marker is shown at zoom 12 (the spec
 * gives 12 and 17: at 17 one marker would sit alone in a blank street-level square of the
 * offline background, at 12 the place around it shows). Where the user leaves the map
 * (centre and zoom) is kept in localStorage under their own key and used next time.
 */
import Feature from 'ol/Feature'
import OlMap from 'ol/Map'
import View from 'ol/View'
import { defaults as defaultControls } from 'ol/control/defaults'
import { boundingExtent } from 'ol/extent'
import GeoJSON from 'ol/format/GeoJSON'
import Point from 'ol/geom/Point'
import VectorLayer from 'ol/layer/Vector'
import { fromLonLat, toLonLat } from 'ol/proj'
import VectorSource from 'ol/source/Vector'
import { Circle, Fill, Stroke, Style } from 'ol/style'
import 'ol/ol.css'
import type { MapProject } from './api'
import { wrapLongitude } from './geo'

export const FIT_PADDING = 50
export const SINGLE_MARKER_ZOOM = 12
const MAX_FIT_ZOOM = 17

export interface MapPosition {
  center: [number, number]
  zoom: number
}

export interface ContextPick {
  /** Pixel of the click inside the map. */
  x: number
  y: number
  lng: number
  lat: number
}

export interface ProjectsMapOptions {
  target: HTMLElement
  /** An XYZ template, or null for the offline country outlines. */
  tileUrl: string | null
  /** Where the user left the map last time, if anywhere. */
  saved: MapPosition | null
  onMoved(position: MapPosition): void
  onOpen(projectId: number): void
  /** A click on the map outside any marker. */
  onBlankClick?: () => void
  /** A right-click on the map, with where it fell; absent: the browser's own menu. */
  onContextPick?: (pick: ContextPick) => void
  /** The label a marker shows on hover. */
  label(project: MapProject): string
}

export interface ProjectsMap {
  setProjects(projects: readonly MapProject[]): void
  /** Fits every marker (or centres the single one) and forgets nothing else. */
  fit(): void
  destroy(): void
}

const token = (element: HTMLElement, name: string, fallback: string) => getComputedStyle(element).getPropertyValue(name).trim() || fallback

/**
 * MAP_TILE_URL's tiles: OpenLayers' tile layer and XYZ source are a chunk of their own,
 * fetched only by an installation that names tiles (the offline map never needs them).
 */
const tilesLayer = async (url: string) => {
  const [{ default: TileLayer }, { default: XYZ }] = await Promise.all([
    import(/* webpackChunkName: "map-tiles" */ 'ol/layer/Tile'),
    import(/* webpackChunkName: "map-tiles" */ 'ol/source/XYZ'),
  ])
  return new TileLayer({ source: new XYZ({ url, crossOrigin: null }) })
}

const countriesLayer = (element: HTMLElement) => {
  const source = new VectorSource()
  // The outlines are a chunk of their own, fetched with the map.
  Promise.all([import(/* webpackChunkName: "map-outlines" */ 'world-atlas/countries-110m.json'), import(/* webpackChunkName: "map-outlines" */ 'topojson-client')]).then(([atlas, topojson]) => {
    const topology = (atlas.default ?? atlas) as unknown as Parameters<typeof topojson.feature>[0]
    const countries: object = topojson.feature(topology, topology.objects.countries as Parameters<typeof topojson.feature>[1])
    source.addFeatures(new GeoJSON().readFeatures(countries, { featureProjection: 'EPSG:3857' }))
  })
  return new VectorLayer({
    source,
    style: new Style({
      fill: new Fill({ color: token(element, '--kit-surface', '#ffffff') }),
      stroke: new Stroke({ color: token(element, '--kit-border', '#9aa5b1'), width: 0.75 }),
    }),
  })
}

export const createProjectsMap = (options: ProjectsMapOptions): ProjectsMap => {
  const { target } = options
  const markers = new VectorSource<Feature<Point>>()
  const brand = token(target, '--kit-brand', '#0b5cad')
  const markerStyle = new Style({
    image: new Circle({ radius: 8, fill: new Fill({ color: brand }), stroke: new Stroke({ color: '#ffffff', width: 2 }) }),
  })
  const view = new View({
    center: options.saved?.center ?? fromLonLat([10, 50]),
    zoom: options.saved?.zoom ?? 3,
    minZoom: 1,
    maxZoom: 19,
  })
  const map = new OlMap({
    target,
    // The base layer goes under the markers: the outlines now, the tiles once their chunk is in.
    layers: [...(options.tileUrl ? [] : [countriesLayer(target)]), new VectorLayer({ source: markers, style: markerStyle })],
    view,
    controls: defaultControls({ attribution: Boolean(options.tileUrl), rotate: false }),
  })
  let destroyed = false
  if (options.tileUrl)
    void tilesLayer(options.tileUrl).then(
      (tiles) => !destroyed && map.getLayers().insertAt(0, tiles),
      // Tiles that cannot load leave the offline outlines, as without MAP_TILE_URL.
      () => !destroyed && map.getLayers().insertAt(0, countriesLayer(target)),
    )
  // Whether the user has placed the map (now or last time): then new markers do not move it.
  let moved = Boolean(options.saved)
  // The first render and each fit end in a moveend too: those are not the user's and not kept.
  let programmatic = true

  map.on('moveend', () => {
    if (programmatic) {
      programmatic = false
      return
    }
    moved = true
    const center = view.getCenter()
    const zoom = view.getZoom()
    if (center && zoom !== undefined) options.onMoved({ center: [center[0] ?? 0, center[1] ?? 0], zoom })
  })

  const featureAt = (pixel: number[]) => map.forEachFeatureAtPixel(pixel, (feature) => feature, { layerFilter: (layer) => layer.getSource() === markers })
  map.on('pointermove', (event) => {
    const feature = featureAt(event.pixel)
    target.style.cursor = feature ? 'pointer' : ''
    target.title = feature ? String(feature.get('label')) : ''
  })
  map.on('click', (event) => {
    const feature = featureAt(event.pixel)
    if (feature) options.onOpen(Number(feature.get('projectId')))
    else options.onBlankClick?.()
  })
  const onContextMenu = (event: MouseEvent) => {
    if (!options.onContextPick) return
    event.preventDefault()
    const pixel = map.getEventPixel(event)
    const [lng = 0, lat = 0] = toLonLat(map.getCoordinateFromPixel(pixel))
    options.onContextPick({ x: pixel[0] ?? 0, y: pixel[1] ?? 0, lng: wrapLongitude(lng), lat })
  }
  map.getViewport()?.addEventListener('contextmenu', onContextMenu)

  const fit = () => {
    const points = markers.getFeatures().map((feature) => feature.getGeometry()?.getCoordinates() ?? [0, 0])
    if (points.length === 0) return
    programmatic = true
    if (points.length === 1) view.animate({ center: points[0], zoom: SINGLE_MARKER_ZOOM, duration: 0 })
    else view.fit(boundingExtent(points), { padding: [FIT_PADDING, FIT_PADDING, FIT_PADDING, FIT_PADDING], maxZoom: MAX_FIT_ZOOM })
  }

  return {
    setProjects(projects) {
      markers.clear()
      markers.addFeatures(
        projects.map((project) => {
          const feature = new Feature({ geometry: new Point(fromLonLat([project.longitude, project.latitude])) })
          feature.set('projectId', project.id)
          feature.set('label', options.label(project))
          return feature
        }),
      )
      // A remembered position wins; otherwise the map shows every project.
      if (!moved) fit()
    },
    fit() {
      moved = false
      fit()
    },
    destroy() {
      destroyed = true
      map.getViewport()?.removeEventListener('contextmenu', onContextMenu)
      map.setTarget(undefined)
    },
  }
}

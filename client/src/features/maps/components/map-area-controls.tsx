import { MapPinOff, SquareDashed, X } from "lucide-react";
import { useState, type FormEvent } from "react";
import { DEFAULT_RADIUS_MILES, isZip, MAX_RADIUS_MILES, parseRadius, type MapArea } from "@shared/map-area";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";

interface MapAreaControlsProps {
  area: MapArea;
  onAreaChange(area: MapArea): void;
  drawing: boolean;
  onDrawingChange(drawing: boolean): void;
  /** Listings in the list with no point, and the way to them. */
  unplaced: number;
  onShowUnplaced(): void;
  /** The `near` ZIP is one the ZIP table lacks. */
  unknownZip: boolean;
}

/** Above the map: draw or clear an area, "within N miles of a ZIP", and the listings with no point. */
export function MapAreaControls({ area, onAreaChange, drawing, onDrawingChange, unplaced, onShowUnplaced, unknownZip }: MapAreaControlsProps) {
  const [zip, setZip] = useState(area.near ?? "");
  const [miles, setMiles] = useState(String(area.radiusMiles ?? DEFAULT_RADIUS_MILES));
  const [problem, setProblem] = useState<string | null>(null);

  const applyNear = (e: FormEvent) => {
    e.preventDefault();
    const radius = parseRadius(miles);
    if (!isZip(zip.trim())) return setProblem("Enter a five-digit ZIP code");
    if (radius === null) return setProblem(`Enter miles above 0, at most ${MAX_RADIUS_MILES}`);
    setProblem(null);
    onAreaChange({ ...area, near: zip.trim(), radiusMiles: radius });
  };
  const clearNear = () => {
    setZip("");
    setProblem(null);
    onAreaChange({ ...area, near: null, radiusMiles: null });
  };

  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="map-controls">
      {drawing ? (
        <>
          <p className="text-sm text-muted-foreground" role="status">
            Drag on the map to draw the area.
          </p>
          <Button variant="outline" size="sm" onClick={() => onDrawingChange(false)}>
            Cancel
          </Button>
        </>
      ) : (
        <Button variant="outline" size="sm" onClick={() => onDrawingChange(true)}>
          <SquareDashed aria-hidden />
          Draw area
        </Button>
      )}
      {area.bounds ? (
        <Button variant="ghost" size="sm" onClick={() => onAreaChange({ ...area, bounds: null })}>
          <X aria-hidden />
          Clear area
        </Button>
      ) : null}
      <form className="flex items-center gap-2" onSubmit={applyNear} aria-label="Within miles of a ZIP code">
        <label htmlFor="map-near-miles" className="text-sm text-muted-foreground">
          Within
        </label>
        <Input id="map-near-miles" inputMode="decimal" className="w-16" value={miles} onChange={(e) => setMiles(e.target.value)} />
        <label htmlFor="map-near-zip" className="text-sm text-muted-foreground">
          miles of ZIP
        </label>
        <Input
          id="map-near-zip"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={5}
          className="w-20"
          value={zip}
          aria-invalid={problem !== null || unknownZip || undefined}
          aria-describedby={problem || unknownZip ? "map-near-problem" : undefined}
          onChange={(e) => setZip(e.target.value)}
        />
        <Button type="submit" variant="outline" size="sm">
          Apply
        </Button>
        {area.near ? (
          <Button type="button" variant="ghost" size="sm" onClick={clearNear}>
            Clear
          </Button>
        ) : null}
      </form>
      {problem || unknownZip ? (
        <p id="map-near-problem" className="text-sm text-destructive" role="alert">
          {problem ?? `No location is known for ZIP ${area.near}`}
        </p>
      ) : null}
      {unplaced > 0 ? (
        <Button variant="link" size="sm" className="ml-auto" onClick={onShowUnplaced}>
          <MapPinOff aria-hidden />
          {unplaced === 1 ? "1 listing has no location" : `${unplaced.toLocaleString()} listings have no location`}
        </Button>
      ) : null}
    </div>
  );
}

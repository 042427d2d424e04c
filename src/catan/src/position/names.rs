//! Vertices and edges by their position names `[q, r, "N"]` / `[q, r, "NE"]` (spec §A2): the
//! one spelling every position field and module uses.

use crate::geometry::{canonical_edge, parse_vtag, Geometry};

pub(crate) fn vname(geo: &Geometry, v: usize) -> (i32, i32, String) {
    let (q, r, t) = geo.vertices[v];
    (q, r, t.name().to_string())
}
pub(crate) fn ename(geo: &Geometry, e: usize) -> (i32, i32, String) {
    let (q, r, t) = geo.edges[e];
    (q, r, t.name().to_string())
}
pub(crate) fn vid(geo: &Geometry, x: &(i32, i32, String)) -> Result<usize, String> {
    let t = parse_vtag(&x.2).ok_or(format!("vertex tag '{}' must be N or S", x.2))?;
    geo.vertex_id(x.0, x.1, t).ok_or(format!(
        "vertex {}({},{}) is not on the board",
        x.2, x.0, x.1
    ))
}
pub(crate) fn eid(geo: &Geometry, x: &(i32, i32, String)) -> Result<usize, String> {
    let (q, r, t) = canonical_edge(x.0, x.1, &x.2).ok_or(format!(
        "edge direction '{}' must be NE, E, SE, W, NW or SW",
        x.2
    ))?;
    geo.edge_id(q, r, t)
        .ok_or(format!("edge {}({},{}) is not on the board", x.2, x.0, x.1))
}

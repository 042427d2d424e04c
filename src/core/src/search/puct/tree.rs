//! The PUCT tree: nodes in one arena, each node's edges in one contiguous block of another.

use crate::game::Action;

pub(crate) const NONE: u32 = u32::MAX;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// Created, never reached with a state yet.
    Leaf,
    /// Handed to the evaluator in the current wave.
    Pending,
    /// A player's decision, expanded with the evaluator's priors.
    Decision,
    Chance,
    Terminal,
}

#[derive(Clone, Copy, Debug)]
pub(crate) struct Node {
    pub kind: Kind,
    /// The seat to move at a decision node.
    pub mover: u32,
    /// First edge of this node's block, its length and capacity.
    pub start: u32,
    pub len: u32,
    pub cap: u32,
    /// Completed visits (its own evaluation included) and the sum of their values for `mover`.
    pub visits: u32,
    pub value: f64,
}

#[derive(Clone, Copy, Debug)]
pub(crate) struct Edge {
    /// The action, or the chance outcome.
    pub action: Action,
    /// Prior probability (at a chance node: the outcome's probability).
    pub prior: f32,
    pub child: u32,
    pub visits: u32,
    /// Simulations through this edge still waiting for the evaluator (virtual loss).
    pub pending: u32,
    /// Sum of backed-up values for the seat that chose this edge.
    pub value: f64,
}

impl Edge {
    pub fn new(action: Action, prior: f32) -> Edge {
        Edge {
            action,
            prior,
            child: NONE,
            visits: 0,
            pending: 0,
            value: 0.0,
        }
    }
}

#[derive(Default)]
pub(crate) struct Tree {
    pub nodes: Vec<Node>,
    pub edges: Vec<Edge>,
}

impl Tree {
    pub fn new() -> Tree {
        let mut t = Tree {
            nodes: Vec::with_capacity(256),
            edges: Vec::with_capacity(1024),
        };
        t.add_node();
        t
    }

    pub fn add_node(&mut self) -> u32 {
        let id = self.nodes.len() as u32;
        self.nodes.push(Node {
            kind: Kind::Leaf,
            mover: 0,
            start: 0,
            len: 0,
            cap: 0,
            visits: 0,
            value: 0.0,
        });
        id
    }

    /// The edges of `node`.
    pub fn edges(&self, node: u32) -> &[Edge] {
        let n = &self.nodes[node as usize];
        &self.edges[n.start as usize..(n.start + n.len) as usize]
    }

    pub fn edge_mut(&mut self, node: u32, i: u32) -> &mut Edge {
        let start = self.nodes[node as usize].start;
        &mut self.edges[(start + i) as usize]
    }

    /// Give `node` the edges `edges` (replacing none: the node must have no edges yet).
    pub fn set_edges(&mut self, node: u32, edges: impl Iterator<Item = Edge>) {
        let start = self.edges.len() as u32;
        self.edges.extend(edges);
        let len = self.edges.len() as u32 - start;
        let n = &mut self.nodes[node as usize];
        n.start = start;
        n.len = len;
        n.cap = len;
    }

    /// Append one edge to `node`'s block, moving the block to the end of the arena when it is
    /// full (edge indices within the block stay valid). Returns the new edge's index.
    pub fn push_edge(&mut self, node: u32, edge: Edge) -> u32 {
        let n = self.nodes[node as usize];
        if n.len == n.cap {
            let cap = (n.cap * 2).max(4);
            let start = self.edges.len() as u32;
            self.edges
                .extend_from_within(n.start as usize..(n.start + n.len) as usize);
            self.edges
                .resize(start as usize + cap as usize, Edge::new(0, 0.0));
            let m = &mut self.nodes[node as usize];
            m.start = start;
            m.cap = cap;
        }
        let m = &mut self.nodes[node as usize];
        let i = m.len;
        m.len += 1;
        self.edges[(m.start + i) as usize] = edge;
        i
    }

    /// The index of the edge of `node` for `action`, if any (blocks are short: a linear scan).
    pub fn find_edge(&self, node: u32, action: Action) -> Option<u32> {
        self.edges(node)
            .iter()
            .position(|e| e.action == action)
            .map(|i| i as u32)
    }

    /// The child behind edge `i` of `node`, created on first use.
    pub fn child(&mut self, node: u32, i: u32) -> u32 {
        let c = self.edge_mut(node, i).child;
        if c != NONE {
            return c;
        }
        let c = self.add_node();
        self.edge_mut(node, i).child = c;
        c
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn actions(t: &Tree, node: u32) -> Vec<Action> {
        t.edges(node).iter().map(|e| e.action).collect()
    }

    /// Edges pushed onto a full block land after the old ones, at the indices returned, and the
    /// block moves without disturbing its neighbour's.
    #[test]
    fn pushed_edges_extend_their_own_block() {
        let mut t = Tree::new();
        let (a, b) = (0, t.add_node());
        t.set_edges(a, [10, 11].into_iter().map(|x| Edge::new(x, 0.5)));
        t.set_edges(b, [20].into_iter().map(|x| Edge::new(x, 1.0)));
        for (x, want) in [(12, 2), (13, 3), (14, 4)] {
            assert_eq!(t.push_edge(a, Edge::new(x, 0.1)), want);
        }
        assert_eq!(actions(&t, a), [10, 11, 12, 13, 14]);
        assert_eq!(t.edges(a)[0].prior, 0.5);
        assert_eq!(actions(&t, b), [20]);
        assert_eq!(t.find_edge(a, 13), Some(3));
    }

    /// A block grows by doubling from four: nine chance outcomes seen one by one cost three
    /// moves (capacities 4, 8, 16), not one per outcome.
    #[test]
    fn blocks_double_when_full() {
        let mut t = Tree::new();
        let c = t.add_node();
        for x in 0..9 {
            assert_eq!(t.push_edge(c, Edge::new(x, 0.0)), x);
        }
        assert_eq!(actions(&t, c), (0..9).collect::<Vec<_>>());
        assert_eq!(t.nodes[c as usize].cap, 16);
        assert_eq!(t.edges.len(), 4 + 8 + 16);
    }
}

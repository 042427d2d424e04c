//! Writing the observation tensor: a cursor over the output with one-hot, bit and count blocks.

pub(crate) struct Writer<'a> {
    pub(crate) out: &'a mut [f32],
    pub(crate) i: usize,
}
impl Writer<'_> {
    pub(crate) fn put(&mut self, x: f32) {
        if let Some(v) = self.out.get_mut(self.i) {
            *v = x;
        }
        self.i += 1;
    }
    pub(crate) fn one_hot(&mut self, len: usize, hot: Option<usize>) {
        for i in 0..len {
            self.put((hot == Some(i)) as u8 as f32);
        }
    }
    pub(crate) fn bits(&mut self, len: usize, mask: u32) {
        for i in 0..len {
            self.put(((mask >> i) & 1) as f32);
        }
    }
    pub(crate) fn counts(&mut self, c: &[u8]) {
        for &x in c {
            self.put(x as f32);
        }
    }
}

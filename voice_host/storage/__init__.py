"""What the host keeps on disk: the journal and its compaction, bounded reads, small files
put in place whole, and the float-array caches.
"""
